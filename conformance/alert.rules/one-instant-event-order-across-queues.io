# The order of events within one instant across queues. protocol.md, One instant, one
# decision: "step 1's events, auto-hides first, then readiness, each in `seq` order; then
# the pump's, queue by queue"; queues pump "in the order they were first used"; "Within one
# change, `alert.changed` comes first, then the `alert.show` or `alert.hide` it causes".
# So step 1 follows seq across queues, and the pump follows the queues' order, not seq.
## args: --clock manual
# Queues in first-use order: Y (configured first), Z, X. r (seq 1, Z) is ready at 100;
# x1 (seq 2, X) and y1 (seq 3, Y) auto-hide at 100; y2 (Y) and x2 (X) wait.
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"queue":"Y","historyLimit":50}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"Y","maxConcurrent":1,"minGapMs":0,"historyLimit":50}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"r","queue":"Z","delayMs":100}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"r","queue":"Z","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"x1","queue":"X","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x1","queue":"X","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"x1","queue":"X","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"y1","queue":"Y","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"y1","queue":"Y","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"y1","queue":"Y","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"y2","queue":"Y"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"y2","queue":"Y","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"x2","queue":"X"}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"x2","queue":"X","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"events.subscribe","params":{"topics":["alert.changed"]}}
<< {"jsonrpc":"2.0","id":7,"result":{"topics":["alert.changed"]}}
# At 100: auto-hides x1 then y1 (seq order, though Y pumps before X), then r's readiness
# (after the auto-hides, though its seq is the smallest); then the pump, Y (y2), Z (r), X (x2).
>> {"jsonrpc":"2.0","id":8,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"x1","queue":"X","state":"done","previous":"showing","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"x1","queue":"X","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"y1","queue":"Y","state":"done","previous":"showing","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"y1","queue":"Y","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"r","queue":"Z","state":"pending","previous":"scheduled","reason":"ready","at":100}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"y2","queue":"Y","state":"showing","previous":"pending","reason":"shown","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"y2","queue":"Y","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"r","queue":"Z","state":"showing","previous":"pending","reason":"shown","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"r","queue":"Z","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"x2","queue":"X","state":"showing","previous":"pending","reason":"shown","at":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x2","queue":"X","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":8,"result":{"now":100}}
