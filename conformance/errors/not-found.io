# -32001 Not found: a layer or alert id that does not exist; data says which kind.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.get","params":{"id":"ghost"}}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"ghost"}}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"x","parent":"ghost"}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"ghost"}}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.move","params":{"id":"ghost","sort":1}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"ghost"}}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.children","params":{"id":"ghost"}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"ghost"}}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.get","params":{"id":"ghost"}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32001,"message":"$any:string","data":{"kind":"alert","id":"ghost"}}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.complete","params":{"id":"ghost"}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32001,"message":"$any:string","data":{"kind":"alert","id":"ghost"}}}
