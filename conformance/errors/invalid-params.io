# -32602 Invalid params: a missing, unknown, mistyped or out-of-range member, with a JSON
# Pointer path into params. Integers must be whole numbers within ±(2^53−1) (1.0 counts
# as 1); ids are 1 to 256 characters; params as a non-empty array is refused.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.get","params":{}}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.get","params":{"id":"a","extra":true}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"$any:string","data":{"path":"/extra","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"sort":"high"}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"$any:string","data":{"path":"/sort","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"frame":{"x":0,"y":0,"width":10,"height":-0.5}}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"$any:string","data":{"path":"/frame/height","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"frame":{"x":0,"y":0,"width":10,"height":1,"depth":1}}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"$any:string","data":{"path":"/frame/depth","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.add","params":{"sort":9007199254740992}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/sort","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.add","params":{"sort":-9007199254740992}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"$any:string","data":{"path":"/sort","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.add","params":{"sort":0.5}}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"$any:string","data":{"path":"/sort","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.add","params":{"id":"iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii"}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":10,"method":"layer.add","params":{"id":"iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii","sort":2.0}}
<< {"jsonrpc":"2.0","id":10,"result":{"id":"iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii","parent":null,"sort":2,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.enqueue","params":{"type":"t","mount":{"sort":1,"parent":"x","z":1}}}
<< {"jsonrpc":"2.0","id":11,"error":{"code":-32602,"message":"$any:string","data":{"path":"/mount/z","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.cancel","params":{"ids":["a",3]}}
<< {"jsonrpc":"2.0","id":12,"error":{"code":-32602,"message":"$any:string","data":{"path":"/ids/1","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":13,"method":"engine.ping","params":["x"]}
<< {"jsonrpc":"2.0","id":13,"error":{"code":-32602,"message":"$any:string","data":{"path":"","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":14,"method":"layer.hitTest","params":{"x":"1","y":2}}
<< {"jsonrpc":"2.0","id":14,"error":{"code":-32602,"message":"$any:string","data":{"path":"/x","expected":"$any:string"}}}
