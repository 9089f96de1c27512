# -32700 Parse error: the input is not JSON. id is null (no id could be read), data has
# the reason; the stream continues.
## args: --clock manual
>>raw "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"engine.ping\"\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"truncated","detail":"$any:string","position":"$any:integer"}}}
>>raw "not json at all\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"invalid_json","detail":"$any:string","position":"$any:integer"}}}
>>raw "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"engine.ping\",\"params\":{\"a\":[1,2}}\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"invalid_json","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":3,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":3,"result":{"pong":true,"at":0}}
