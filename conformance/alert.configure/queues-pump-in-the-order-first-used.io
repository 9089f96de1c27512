# Queues pump in the order they were first used (alert.configure counts as a use), not
# the order their alerts fell due: A was configured first, so when x (queue B) and then y
# (queue A) time out at the same instant, A's next alert y2 shows before B's x2.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"queue":"A","maxConcurrent":1}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"A","maxConcurrent":1,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"x","queue":"B","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x","queue":"B","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"x","queue":"B","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"x2","queue":"B"}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"x2","queue":"B","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"y","queue":"A","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"y","queue":"A","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"y","queue":"A","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"y2","queue":"A"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"y2","queue":"A","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"x","queue":"B","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"y","queue":"A","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"y2","queue":"A","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x2","queue":"B","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":6,"result":{"now":100}}
