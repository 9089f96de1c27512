# engine.stats counts layers, alerts by state and requests (this one included).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"engine.stats"}
<< {"jsonrpc":"2.0","id":1,"result":{"layers":0,"alerts":{"scheduled":0,"pending":0,"showing":0,"suspended":0,"ended":0},"requests":1,"uptimeMs":"$any:integer","state":null}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.add","params":{"id":"b","parent":"a"}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"b","parent":"a","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"one"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"one","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"one","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"two"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"two","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"later","delayMs":50}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"later","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":50,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","id":"gone"}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"gone","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.cancel","params":{"id":"gone"}}
<< {"jsonrpc":"2.0","id":8,"result":{"cancelled":["gone"]}}
>> {"jsonrpc":"2.0","id":9,"method":"engine.stats"}
<< {"jsonrpc":"2.0","id":9,"result":{"layers":2,"alerts":{"scheduled":1,"pending":1,"showing":1,"suspended":0,"ended":1},"requests":9,"uptimeMs":"$any:integer","state":null}}
