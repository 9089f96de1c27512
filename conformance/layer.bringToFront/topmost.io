# layer.bringToFront: sort becomes max(own, siblings' max) and the layer is topmost, even
# among equal sorts. Unknown id: -32001.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a","sort":1}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":1,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"b","sort":7}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"b","parent":null,"sort":7,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"c","sort":7}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"c","parent":null,"sort":7,"index":2,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.bringToFront","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"a","parent":null,"sort":7,"index":2,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.bringToFront","params":{"id":"b"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"b","parent":null,"sort":7,"index":2,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.paintOrder"}
<< {"jsonrpc":"2.0","id":6,"result":{"ids":["c","a","b"]}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.bringToFront","params":{"id":"zz"}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"zz"}}}
