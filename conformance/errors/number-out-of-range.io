# -32700 with reason number_out_of_range: a number no double can hold (1e400, -1e309,
# past the largest double, about 1.8e308), anywhere in the message, a batch included. As
# for any -32700 the id is null (the message was not read) and the stream goes on; the
# request did not run (no layer x). 1e308 fits a double and is taken. protocol.md,
# Errors: "-32700 `reason`: ... `number_out_of_range` (a number no double can hold)";
# Limits on input: not JSON is "-32700 with `id: null`". The refused texts are sent with
# >>raw: a runner's JSON parser may refuse them.
## args: --clock manual
>>raw "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"layer.add\",\"params\":{\"id\":\"x\",\"data\":1e400}}\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"number_out_of_range","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.get","params":{"id":"x"}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"x"}}}
>>raw "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"layer.add\",\"params\":{\"id\":\"y\",\"data\":-1e309}}\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"number_out_of_range","detail":"$any:string","position":"$any:integer"}}}
>>raw "[{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"engine.ping\"},1e999]\n"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"$any:string","data":{"reason":"number_out_of_range","detail":"$any:string","position":"$any:integer"}}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"id":"z","data":1e308}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"z","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0,"data":1e308}}
