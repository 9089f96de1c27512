# layer.move: parent absent keeps the parent, null moves to the top level; the layer is
# re-placed by the ordering rule or next to above/below. Under itself or a descendant:
# -32003 with reason cycle.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a","sort":1}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":1,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"b","sort":2}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"b","parent":null,"sort":2,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"a1","parent":"a","sort":5}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"a1","parent":"a","sort":5,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"b1","parent":"b","sort":5}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"b1","parent":"b","sort":5,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.move","params":{"id":"a1","parent":"b"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"a1","parent":"b","sort":5,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.move","params":{"id":"b1","sort":0}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"b1","parent":"b","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.move","params":{"id":"a1","parent":null,"sort":1}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"a1","parent":null,"sort":1,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.move","params":{"id":"b","below":"a"}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"b","parent":null,"sort":1,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":1}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.paintOrder"}
<< {"jsonrpc":"2.0","id":9,"result":{"ids":["b","b1","a","a1"]}}
>> {"jsonrpc":"2.0","id":10,"method":"layer.move","params":{"id":"b","parent":"b1"}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32003,"message":"$any:string","data":{"reason":"cycle"}}}
>> {"jsonrpc":"2.0","id":11,"method":"layer.move","params":{"id":"b","parent":"b"}}
<< {"jsonrpc":"2.0","id":11,"error":{"code":-32003,"message":"$any:string","data":{"reason":"cycle"}}}
>> {"jsonrpc":"2.0","id":12,"method":"layer.move","params":{"id":"b","parent":"nowhere"}}
<< {"jsonrpc":"2.0","id":12,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"nowhere"}}}
