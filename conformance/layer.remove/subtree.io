# layer.remove removes the layer and its whole subtree and says how many went.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"a1","parent":"a"}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"a1","parent":"a","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"a2","parent":"a"}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"a2","parent":"a","sort":0,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"a11","parent":"a1"}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"a11","parent":"a1","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"id":"b"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"b","parent":null,"sort":0,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.remove","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":6,"result":{"removed":4}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.get","params":{"id":"a11"}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"a11"}}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.get","params":{"id":"b"}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"b","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.remove","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"a"}}}
>> {"jsonrpc":"2.0","id":10,"method":"layer.remove","params":{}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}
