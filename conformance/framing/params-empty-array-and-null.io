# params [] and params null count as omitted (some client libraries always send [],
# pygls and Emacs's jsonrpc.el send null); a non-empty array is -32602; a method with
# a required member then reports that member missing.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"engine.ping","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":2,"method":"engine.ping","params":null}
<< {"jsonrpc":"2.0","id":2,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.children","params":[]}
<< {"jsonrpc":"2.0","id":3,"result":{"total":0,"layers":[]}}
>> {"jsonrpc":"2.0","id":4,"method":"nav.get","params":null}
<< {"jsonrpc":"2.0","id":4,"result":{"stack":[],"active":null}}
>> {"jsonrpc":"2.0","id":5,"method":"engine.ping","params":[1]}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"$any:string","data":{"path":"","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.add","params":[{"id":"a"}]}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.get","params":[]}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.get","params":null}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","method":"layer.add","params":[]}
>> {"jsonrpc":"2.0","id":9,"method":"layer.children","params":null}
<< {"jsonrpc":"2.0","id":9,"result":{"total":1,"layers":[{"id":"layer-1","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}]}}
