# layer.sendToBack: sort becomes min(own, siblings' min) and the layer is bottommost, even
# among equal sorts.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a","sort":3}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":3,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"b","sort":3}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"b","parent":null,"sort":3,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"c","sort":8}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"c","parent":null,"sort":8,"index":2,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.sendToBack","params":{"id":"c"}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"c","parent":null,"sort":3,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.sendToBack","params":{"id":"b"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"b","parent":null,"sort":3,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.paintOrder"}
<< {"jsonrpc":"2.0","id":6,"result":{"ids":["b","c","a"]}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.sendToBack","params":{"id":"zz"}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"zz"}}}
