# layer.add with every field, into a parent; an omitted id is made by the engine (unique);
# data comes back as given; a float sort like 3.0 counts as the integer 3.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"root","frame":{"x":0,"y":0,"width":320,"height":480}}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"root","parent":null,"sort":0,"index":0,"frame":{"x":0,"y":0,"width":320,"height":480},"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"card","parent":"root","sort":3.0,"frame":{"x":10,"y":20,"width":100,"height":50.5},"hidden":true,"interactive":false,"clips":true,"data":{"kind":"card","tags":["a",1,null]}}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"card","parent":"root","sort":3,"index":0,"frame":{"x":10,"y":20,"width":100,"height":50.5},"hidden":true,"interactive":false,"clips":true,"childCount":0,"data":{"kind":"card","tags":["a",1,null]}}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"parent":"root"}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"layer-1","parent":"root","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"parent":"root"}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"layer-2","parent":"root","sort":0,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.get","params":{"id":"root"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"root","parent":null,"sort":0,"index":0,"frame":{"x":0,"y":0,"width":320,"height":480},"hidden":false,"interactive":true,"clips":false,"childCount":3}}
