# An alert whose TTL ends at the very ms a slot frees shows rather than expires (expiries
# due at T apply after the pump at T), whatever the order the two timers were set in.
# First the auto-hide timer is set before the TTL; then (after engine.reset, with the
# queue paused while enqueueing) the TTL before the auto-hide.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"shower","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"shower","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"shower","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"waiter","ttlMs":100}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"waiter","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"shower","queue":"default","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"waiter","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":3,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":4,"method":"engine.reset"}
<< {"jsonrpc":"2.0","id":4,"result":null}
>> {"jsonrpc":"2.0","id":5,"method":"alert.pause","params":{}}
<< {"jsonrpc":"2.0","id":5,"result":{"paused":true,"reasons":["default"]}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"waiter","ttlMs":100}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"waiter","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","id":"shower","priority":9,"durationMs":100}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"shower","queue":"default","type":"t","priority":9,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.resume","params":{}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"shower","queue":"default","type":"t","priority":9,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"paused":false,"reasons":[]}}
>> {"jsonrpc":"2.0","id":9,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"shower","queue":"default","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"waiter","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":9,"result":{"now":100}}
