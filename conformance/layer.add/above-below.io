# above/below: the new layer goes into that sibling's parent, directly above/below it,
# and adopts its sort. Giving sort or a different parent with them is -32602.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"p"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"p","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"a","parent":"p","sort":1}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"a","parent":"p","sort":1,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"b","parent":"p","sort":1}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"b","parent":"p","sort":1,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"c","parent":"p","sort":9}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"c","parent":"p","sort":9,"index":2,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"id":"over-a","above":"a"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"over-a","parent":"p","sort":1,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.add","params":{"id":"under-c","below":"c"}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"under-c","parent":"p","sort":9,"index":3,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.children","params":{"id":"p"}}
<< {"jsonrpc":"2.0","id":7,"result":{"total":5,"layers":[{"id":"a","parent":"p","sort":1,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"over-a","parent":"p","sort":1,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"b","parent":"p","sort":1,"index":2,"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"under-c","parent":"p","sort":9,"index":3,"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"c","parent":"p","sort":9,"index":4,"hidden":false,"interactive":true,"clips":false,"childCount":0}]}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.add","params":{"id":"x","above":"a","sort":1}}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"$any:string","data":{"path":"/sort","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.add","params":{"id":"y","below":"a","parent":null}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"$any:string","data":{"path":"/parent","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":10,"method":"layer.add","params":{"id":"z","above":"a","below":"c"}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32602,"message":"$any:string","data":{"path":"/below","expected":"$any:string"}}}
