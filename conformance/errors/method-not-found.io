# -32601 Method not found, with the method name in data; a failing notification is
# never answered.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.ad"}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"$any:string","data":{"method":"layer.ad"}}}
>> {"jsonrpc":"2.0","id":2,"method":""}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"$any:string","data":{"method":""}}}
>> {"jsonrpc":"2.0","id":3,"method":"rpc.other"}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"$any:string","data":{"method":"rpc.other"}}}
>> {"jsonrpc":"2.0","method":"layer.ad"}
>> {"jsonrpc":"2.0","id":4,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":4,"result":{"pong":true,"at":0}}
