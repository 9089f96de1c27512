# U+2028 and U+2029 (LINE SEPARATOR, PARAGRAPH SEPARATOR) inside a JSON string are characters
# of that string, whether written as they are or escaped: an NDJSON message ends at "\n" only
# (docs/protocol.md, Framing), so a line holding them is one message, and the answer, which
# holds them again, is one line. The layer's id is the same string either way (layer.get
# with the escaped form finds the layer added with the raw one). The `>>` and `<<` lines
# below hold the two characters raw, which is also what a runner must read as one line.
## args: --clock manual
>> {"jsonrpc":"2.0","id":"a b","method":"layer.add","params":{"id":"l ","data":"x y"}}
<< {"jsonrpc":"2.0","id":"a b","result":{"id":"l ","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0,"data":"x y"}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.get","params":{"id":"l\u2028"}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"l ","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0,"data":"x y"}}
