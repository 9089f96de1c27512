# layer.paintOrder: back to front, every non-hidden layer, a parent before its children,
# siblings bottom to top; a hidden layer's whole subtree is left out.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"top","sort":2}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"top","parent":null,"sort":2,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"bottom","sort":1}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"bottom","parent":null,"sort":1,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"t2","parent":"top","sort":2}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"t2","parent":"top","sort":2,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"t1","parent":"top","sort":1}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"t1","parent":"top","sort":1,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"id":"hid","parent":"bottom","hidden":true}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"hid","parent":"bottom","sort":0,"index":0,"hidden":true,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.add","params":{"id":"under-hid","parent":"hid"}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"under-hid","parent":"hid","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.add","params":{"id":"b1","parent":"bottom"}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"b1","parent":"bottom","sort":0,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.paintOrder"}
<< {"jsonrpc":"2.0","id":8,"result":{"ids":["bottom","b1","top","t1","t2"]}}
>> {"jsonrpc":"2.0","id":9,"method":"layer.paintOrder","params":{"id":"top"}}
<< {"jsonrpc":"2.0","id":9,"result":{"ids":["top","t1","t2"]}}
