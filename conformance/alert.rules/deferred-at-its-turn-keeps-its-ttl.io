# B reaches its turn with A, in a queue with room for two, while the type's limit (one
# show a second) is used up by A: onLimit defer moves it back to scheduled, readyAt 1000.
# It keeps its expiresAt (500), which comes first: B expires while scheduled, at 500, and
# never shows (docs: frequency limits, a deferred alert keeps its expiresAt).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"default","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.pause","params":{}}
<< {"jsonrpc":"2.0","id":2,"result":{"paused":true,"reasons":["default"]}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"A","limit":{"max":1,"windowMs":1000},"onLimit":"defer"}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"A","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"B","ttlMs":500,"limit":{"max":1,"windowMs":1000},"onLimit":"defer"}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"B","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":500,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.resume","params":{}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"A","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"paused":false,"reasons":[]}}
>> {"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":600}}
<< {"jsonrpc":"2.0","id":6,"result":{"now":600}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.get","params":{"id":"B"}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"B","queue":"default","type":"t","priority":0,"state":"expired","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":1000,"expiresAt":500,"durationMs":null,"shownAt":null,"endedAt":500,"endReason":"expired","shownCount":0,"mount":null,"persist":false}}
