# alert.list orders ended alerts most recently ended first, by the order they ended:
# two that ended in the same ms come newest first, whatever their seq, their queue and
# how they ended (here an expiry, then a complete, then a cancel, all at 100).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"default","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"b"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.complete","params":{"id":"b"}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"b","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.complete","params":{"id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.list","params":{}}
<< {"jsonrpc":"2.0","id":6,"result":{"alerts":[{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false},{"id":"b","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}]}}
>> {"jsonrpc":"2.0","id":7,"method":"engine.reset"}
<< {"jsonrpc":"2.0","id":7,"result":null}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"t","id":"blocker","queue":"q1"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"blocker","queue":"q1","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"blocker","queue":"q1","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.enqueue","params":{"type":"t","id":"x","queue":"q1","ttlMs":100}}
<< {"jsonrpc":"2.0","id":9,"result":{"alert":{"id":"x","queue":"q1","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"t","id":"y","queue":"q2"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"y","queue":"q2","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"y","queue":"q2","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":11,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.complete","params":{"id":"blocker"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"q1","at":100}}
<< {"jsonrpc":"2.0","id":12,"result":{"id":"blocker","queue":"q1","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":100,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":13,"method":"alert.cancel","params":{"id":"y"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"y","queue":"q2","reason":"cancelled","at":100}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"q2","at":100}}
<< {"jsonrpc":"2.0","id":13,"result":{"cancelled":["y"]}}
>> {"jsonrpc":"2.0","id":14,"method":"alert.list","params":{"states":["done","cancelled","expired"]}}
<< {"jsonrpc":"2.0","id":14,"result":{"alerts":[{"id":"y","queue":"q2","type":"t","priority":0,"state":"cancelled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":100,"endReason":"cancelled","shownCount":1,"mount":null,"persist":false},{"id":"blocker","queue":"q1","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":100,"endReason":"completed","shownCount":1,"mount":null,"persist":false},{"id":"x","queue":"q1","type":"t","priority":0,"state":"expired","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":null,"shownAt":null,"endedAt":100,"endReason":"expired","shownCount":0,"mount":null,"persist":false}]}}
