# -32602 for an unknown key (Ordo's choice, docs/protocol.md, Errors): the parameter it
# looks like a slip of is named in data.suggestion and the message: the same name in
# another case or with _ or - between its words (delay_ms, Sort), or the only one at an
# edit distance of at most 2 and at most a third of the longer name (priorty). None when
# none is that near (foo; z for x or y), two are as near, or the name it looks like is
# given as well.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","delay_ms":5}}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"$any:string","data":{"path":"/delay_ms","expected":"$any:string","suggestion":"delayMs"}}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"Sort":1}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Unknown parameter \"Sort\" (expected one of: id, parent, sort, above, below, frame, hidden, interactive, clips, data). Did you mean \"sort\"?","data":{"path":"/Sort","expected":"one of: id, parent, sort, above, below, frame, hidden, interactive, clips, data","suggestion":"sort"}}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","priorty":5}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"$any:string","data":{"path":"/priorty","expected":"$any:string","suggestion":"priority"}}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"foo":1}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"$any:string","data":{"path":"/foo","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"frame":{"x":0,"z":1}}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"$any:string","data":{"path":"/frame/z","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","delayMs":5,"delay_ms":5}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"$any:string","data":{"path":"/delay_ms","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":6,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":6,"result":{"pong":true,"at":0}}
