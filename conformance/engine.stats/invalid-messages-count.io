# requests counts every message handled: a line that is not JSON, an object that is not a
# request and a notification count as well as requests (here 4 messages, then the
# engine.stats request itself: 5).
## args: --clock manual
>>raw "not json\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"invalid_json","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":1}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"$any:string","data":{"reason":"missing_method"}}}
>> {"jsonrpc":"2.0","method":"engine.ping"}
>> {"jsonrpc":"2.0","id":2,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":2,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":3,"method":"engine.stats"}
<< {"jsonrpc":"2.0","id":3,"result":{"layers":0,"alerts":{"scheduled":0,"pending":0,"showing":0,"suspended":0,"ended":0},"requests":5,"uptimeMs":"$any:integer","state":null}}
