# initialize refuses unknown members (-32602), an unknown clock (-32602), unknown members
# of initializationOptions (-32602), and choosing the clock once a timer exists (-32003).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"colour":"blue"}}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"$any:string","data":{"path":"/colour","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":2,"method":"initialize","params":{"clock":"sundial"}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"$any:string","data":{"path":"/clock","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":3,"method":"initialize","params":{"initializationOptions":{"clock":"manual","speed":2}}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"$any:string","data":{"path":"/initializationOptions/speed","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"later","delayMs":100}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"later","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"initialize","params":{"clock":"system"}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32003,"message":"$any:string","data":{"reason":"timers_exist"}}}
