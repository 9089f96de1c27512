# Input that is not JSON is -32700 with id null (reason and where parsing stopped in
# data), and the stream continues with the next message: invalid JSON, truncated
# JSON, a raw NUL byte, trailing garbage.
## args: --clock manual
>>raw "{oops}\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"invalid_json","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":1,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>>raw "{\"jsonrpc\":\"2.0\",\"id\":2,\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"truncated","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":3,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":3,"result":{"pong":true,"at":0}}
>>raw "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"engine.ping\"}\u0000\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"nul_byte","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":5,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":5,"result":{"pong":true,"at":0}}
>>raw "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"engine.ping\"} x\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"invalid_json","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":7,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":7,"result":{"pong":true,"at":0}}
