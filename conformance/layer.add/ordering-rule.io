# layer.add places a layer above every sibling with sort <= its own and below every
# sibling with a greater sort: among equal sorts the newest is on top (index 0 = bottom).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a","sort":10}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":10,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"b","sort":5}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"b","parent":null,"sort":5,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"c","sort":10}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"c","parent":null,"sort":10,"index":2,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"d","sort":20}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"d","parent":null,"sort":20,"index":3,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.add","params":{"id":"e","sort":10}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"e","parent":null,"sort":10,"index":3,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.children"}
<< {"jsonrpc":"2.0","id":6,"result":{"total":5,"layers":[{"id":"b","parent":null,"sort":5,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"a","parent":null,"sort":10,"index":1,"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"c","parent":null,"sort":10,"index":2,"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"e","parent":null,"sort":10,"index":3,"hidden":false,"interactive":true,"clips":false,"childCount":0},{"id":"d","parent":null,"sort":20,"index":4,"hidden":false,"interactive":true,"clips":false,"childCount":0}]}}
