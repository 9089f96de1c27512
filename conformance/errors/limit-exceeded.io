# -32004 Limit exceeded, with the limit's name, its value and the value asked for:
# --max-layers, --max-alerts (active alerts), --max-tree-depth (layer.tree), --max-batch.
## args: --clock manual --max-layers 3 --max-alerts 1 --max-tree-depth 1 --max-batch 3
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"b","parent":"a"}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"b","parent":"a","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"c","parent":"b"}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"c","parent":"b","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"layer.add","params":{"id":"d"}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32004,"message":"$any:string","data":{"name":"maxLayers","limit":3,"value":4}}}
>> {"jsonrpc":"2.0","id":5,"method":"layer.tree","params":{"id":"a","depth":1}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"a","sort":0,"hidden":false,"children":[{"id":"b","sort":0,"hidden":false,"children":[]}]}}
>> {"jsonrpc":"2.0","id":6,"method":"layer.tree","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32004,"message":"$any:string","data":{"name":"maxTreeDepth","limit":1,"value":2}}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","id":"one"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"one","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"one","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"t","id":"two"}}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32004,"message":"$any:string","data":{"name":"maxAlerts","limit":1,"value":2}}}
>> [{"jsonrpc":"2.0","id":9,"method":"engine.ping"},{"jsonrpc":"2.0","id":10,"method":"engine.ping"},{"jsonrpc":"2.0","id":11,"method":"engine.ping"},{"jsonrpc":"2.0","id":12,"method":"engine.ping"}]
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32004,"message":"$any:string","data":{"name":"maxBatch","limit":3,"value":4}}}
