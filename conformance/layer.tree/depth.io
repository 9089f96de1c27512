# layer.tree: nested {id, sort, hidden, children}; without id the top level as id null;
# depth 0 gives the node alone, 1 its children, and so on.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a","sort":2}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":2,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"b","sort":1,"hidden":true}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"b","parent":null,"sort":1,"index":0,"hidden":true,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"a1","parent":"a"}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"a1","parent":"a","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"a11","parent":"a1"}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"a11","parent":"a1","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.tree"}
<< {"jsonrpc":"2.0","id":5,"result":{"id":null,"children":[{"id":"b","sort":1,"hidden":true,"children":[]},{"id":"a","sort":2,"hidden":false,"children":[{"id":"a1","sort":0,"hidden":false,"children":[{"id":"a11","sort":0,"hidden":false,"children":[]}]}]}]}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.tree","params":{"id":"a","depth":1}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"a","sort":2,"hidden":false,"children":[{"id":"a1","sort":0,"hidden":false,"children":[]}]}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.tree","params":{"id":"a","depth":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"a","sort":2,"hidden":false,"children":[]}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.tree","params":{"depth":1}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":null,"children":[{"id":"b","sort":1,"hidden":true,"children":[]},{"id":"a","sort":2,"hidden":false,"children":[]}]}}
