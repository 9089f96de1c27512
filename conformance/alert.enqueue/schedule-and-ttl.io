# delayMs or at schedule the alert (readyAt); ttlMs counts from enqueue (expiresAt) and
# expires it while it waits (scheduled or pending), never once it shows.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"clock.advance","params":{"ms":10}}
<< {"jsonrpc":"2.0","id":1,"result":{"now":10}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"first","durationMs":100,"ttlMs":50}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"first","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":10,"readyAt":null,"expiresAt":60,"durationMs":100,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":10}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"first","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":10,"readyAt":null,"expiresAt":60,"durationMs":100,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"waits","ttlMs":50}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"waits","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":10,"readyAt":null,"expiresAt":60,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"later","delayMs":40,"ttlMs":30}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"later","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":10,"readyAt":50,"expiresAt":40,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"at","at":200}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"at","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":10,"readyAt":200,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"past","at":5}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"past","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":10,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":300}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"first","queue":"default","reason":"timeout","at":110}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"past","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":10,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":110,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":110}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":310}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.list","params":{"states":["expired"]}}
<< {"jsonrpc":"2.0","id":8,"result":{"alerts":[{"id":"waits","queue":"default","type":"t","priority":0,"state":"expired","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":10,"readyAt":null,"expiresAt":60,"durationMs":null,"shownAt":null,"endedAt":60,"endReason":"expired","shownCount":0,"mount":null,"persist":false},{"id":"later","queue":"default","type":"t","priority":0,"state":"expired","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":10,"readyAt":50,"expiresAt":40,"durationMs":null,"shownAt":null,"endedAt":40,"endReason":"expired","shownCount":0,"mount":null,"persist":false}]}}
