# An empty batch is one -32600 error (reason empty_batch), not an array.
## args: --clock manual
>> []
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"empty_batch"}}}
>> {"jsonrpc":"2.0","id":1,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
