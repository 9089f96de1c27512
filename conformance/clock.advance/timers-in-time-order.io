# clock.advance fires every due timer in time order, each at its own due time; the events
# come before the clock.advance response, each carrying its exact "at".
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"queue":"toast","maxConcurrent":3}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"toast","maxConcurrent":3,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"late","queue":"toast","durationMs":300}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"late","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":300,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"late","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":300,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"soon","queue":"toast","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"soon","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"soon","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"tie","queue":"toast","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"tie","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"tie","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"next","queue":"toast","delayMs":150,"durationMs":100}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"next","queue":"toast","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":150,"expiresAt":null,"durationMs":100,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":1000}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"soon","queue":"toast","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"tie","queue":"toast","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"next","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":150,"expiresAt":null,"durationMs":100,"shownAt":150,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":150}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"next","queue":"toast","reason":"timeout","at":250}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"late","queue":"toast","reason":"timeout","at":300}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"toast","at":300}}
<< {"jsonrpc":"2.0","id":6,"result":{"now":1000}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":1000}}
