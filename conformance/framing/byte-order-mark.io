# A UTF-8 byte order mark (EF BB BF) at the very start of the input is skipped, as RFC 8259
# lets a parser do: a file saved by a Windows editor and piped in works. Anywhere later the
# same bytes are not JSON (-32700), and the session goes on.
## args: --clock manual
>>raw "\ufeff{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"engine.ping\"}\n"
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>>raw "\ufeff{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"engine.ping\"}\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"invalid_json","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":3,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":3,"result":{"pong":true,"at":0}}
