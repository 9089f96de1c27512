# Alerts that become ready at the same ms compete by priority, whatever the order their
# timers were set in: at 100 the priority-3 alert shows, first when it was enqueued
# second, then (after engine.reset) when it was enqueued first.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"p0","priority":0,"delayMs":100}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"p0","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"p3","priority":3,"delayMs":100}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"p3","queue":"default","type":"t","priority":3,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p3","queue":"default","type":"t","priority":3,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":3,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":4,"method":"engine.reset"}
<< {"jsonrpc":"2.0","id":4,"result":null}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"p3","priority":3,"delayMs":100}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"p3","queue":"default","type":"t","priority":3,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"p0","priority":0,"delayMs":100}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"p0","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p3","queue":"default","type":"t","priority":3,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":100}}
