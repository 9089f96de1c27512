# A layer id canonically equivalent to an existing one is that layer's id: adding it again
# is -32002 (docs/protocol.md, Values: "é" as U+00E9 or as "e" + U+0301 is one layer id).
# The error's data.id names what the request asked for, in the request's spelling (Values:
# "an error's data.id names what the request asked for"), while answers about the layer
# itself keep its first spelling (layer.get by the other spelling answers "\u00e9").
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"\u00e9"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"\u00e9","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"e\u0301"}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32002,"message":"$any:string","data":{"kind":"layer","id":"e\u0301"}}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.get","params":{"id":"e\u0301"}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"\u00e9","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
