# layer.children pages through the children bottom to top; total counts them all; id
# omitted is the top level.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"p"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"p","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"c3","parent":"p","sort":3}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"c3","parent":"p","sort":3,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"c1","parent":"p","sort":1}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"c1","parent":"p","sort":1,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"c2","parent":"p","sort":2}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"c2","parent":"p","sort":2,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.children","params":{"id":"p","offset":1,"limit":1}}
<< {"jsonrpc":"2.0","id":5,"result":{"total":3,"layers":[{"id":"c2","parent":"p","sort":2,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}]}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.children","params":{"id":"p","offset":5}}
<< {"jsonrpc":"2.0","id":6,"result":{"total":3,"layers":[]}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.children","params":{"id":"p","limit":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"total":3,"layers":[]}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.children"}
<< {"jsonrpc":"2.0","id":8,"result":{"total":1,"layers":[{"id":"p","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":3}]}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.children","params":{"id":"p","offset":-1}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"$any:string","data":{"path":"/offset","expected":"$any:string"}}}
