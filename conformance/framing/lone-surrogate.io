# A lone UTF-16 surrogate escape ("\ud83d": what JSON.stringify and json.dumps write for a
# string cut inside a surrogate pair, a truncated emoji) is valid JSON text. Ordo's choice:
# it reads as U+FFFD, a pair stays a pair, and the message is served as any other. A string
# id holding one is echoed as it was sent (the parsed string is not the client's), so the
# client still finds its request, in a batch too. A lone surrogate beside another fault is
# still a parse error.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a\ud83d\ude00\ud83d"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a\ud83d\ude00\ufffd","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":"r\udc00","method":"engine.ping"}
<< {"jsonrpc":"2.0","id":"r\udc00","result":{"pong":true,"at":0}}
>> [{"jsonrpc":"2.0","id":"\ud800","method":"engine.ping"},{"jsonrpc":"2.0","id":"b","method":"layer.paintOrder"}]
<< [{"jsonrpc":"2.0","id":"\ud800","result":{"pong":true,"at":0}},{"jsonrpc":"2.0","id":"b","result":{"ids":["a\ud83d\ude00\ufffd"]}}]
>>raw "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"engine.ping\",\"params\":{\"x\":\"\\ud800\\u12\"}}\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"invalid_json","detail":"$any:string","position":"$any:integer"}}}
