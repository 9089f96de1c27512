# Canonically equivalent layer ids are one id: "é" written as one code point (\u00e9) or as
# "e" + U+0301 (e\u0301). protocol.md, Values: "two names are the same when they are
# canonically equivalent Unicode (as Swift compares strings): `"é"` written as one code
# point (U+00E9) or as `"e"` + U+0301 is one layer id, one alert id, one key; answers spell
# a layer ... by the name it was first given". So the other spelling finds the layer (get,
# parent, children, remove) and every answer spells it as layer.add first did; the same the
# other way round with "ñ" first given decomposed (n\u0303). (Adding the other spelling
# gets -32002, whose data.id is the request's spelling: duplicate-id-other-spelling.io.)
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"\u00e9"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"\u00e9","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.get","params":{"id":"e\u0301"}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"\u00e9","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"child","parent":"e\u0301"}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"child","parent":"\u00e9","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.children","params":{"id":"e\u0301"}}
<< {"jsonrpc":"2.0","id":4,"result":{"total":1,"layers":[{"id":"child","parent":"\u00e9","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}]}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"id":"n\u0303"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"n\u0303","parent":null,"sort":0,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.update","params":{"id":"\u00f1","sort":3}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"n\u0303","parent":null,"sort":3,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.paintOrder"}
<< {"jsonrpc":"2.0","id":7,"result":{"ids":["\u00e9","child","n\u0303"]}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.remove","params":{"id":"e\u0301"}}
<< {"jsonrpc":"2.0","id":8,"result":{"removed":2}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.get","params":{"id":"\u00e9"}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"\u00e9"}}}
