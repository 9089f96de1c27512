# -32600 with reason nul_in_key: \u0000 inside an object key, at any depth. The request's
# id is echoed; a batch holding such a key gets this one error, with id null, and none of
# its entries runs (no layer b); so does a notification holding one (Ordo's choice: the
# clients count on that answer); a text that is not JSON otherwise is -32700. A \u0000
# inside a string value is no problem (layer v, its data kept). protocol.md, Errors:
# "`nul_in_key` (`\u0000` inside an object key, which the parser cannot hold; the text must
# be JSON otherwise, else it is -32700; the `id` of a request object is echoed as written,
# a notification and a batch holding such a key get this one error with `id: null`". Sent
# with >>raw: a runner's JSON parser may refuse these texts.
## args: --clock manual
>>raw "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"layer.add\",\"params\":{\"id\":\"x\",\"a\\u0000b\":1}}\n"
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"$any:string","data":{"reason":"nul_in_key"}}}
>>raw "{\"jsonrpc\":\"2.0\",\"id\":\"n2\",\"method\":\"layer.add\",\"params\":{\"id\":\"y\",\"data\":{\"\\u0000\":true}}}\n"
<< {"jsonrpc":"2.0","id":"n2","error":{"code":-32600,"message":"$any:string","data":{"reason":"nul_in_key"}}}
>>raw "[{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"layer.add\",\"params\":{\"id\":\"b\"}},{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"engine.ping\",\"params\":{\"\\u0000\":1}}]\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"nul_in_key"}}}
>>raw "{\"jsonrpc\":\"2.0\",\"method\":\"engine.ping\",\"params\":{\"\\u0000\":1}}\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"nul_in_key"}}}
>>raw "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"engine.ping\",\"params\":{\"\\u0000\":1}} x\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"invalid_json","detail":"$any:string","position":"$any:integer"}}}
>>raw "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"layer.add\",\"params\":{\"id\":\"v\",\"data\":\"a\\u0000b\"}}\n"
<< {"jsonrpc":"2.0","id":6,"result":{"id":"v","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0,"data":"a\u0000b"}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.paintOrder"}
<< {"jsonrpc":"2.0","id":7,"result":{"ids":["v"]}}
