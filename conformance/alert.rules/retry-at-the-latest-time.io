# A show at 0 under a window (or cooldown) of 2^53-1 ms allows the next at exactly 2^53-1,
# the latest time a result holds: retryAt is 9007199254740991, not null. A show at 1 would
# allow the next only after it: that never comes, so retryAt is null (docs: frequency limits).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a","limit":{"max":1,"windowMs":9007199254740991}}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.complete","params":{"id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"b","limit":{"max":1,"windowMs":9007199254740991}}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":null,"disposition":"limited","retryAt":9007199254740991}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"u","id":"c","cooldownMs":9007199254740991}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"c","queue":"default","type":"u","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"c","queue":"default","type":"u","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.complete","params":{"id":"c"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"c","queue":"default","type":"u","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"u","id":"d","cooldownMs":9007199254740991}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":null,"disposition":"limited","retryAt":9007199254740991}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":1}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":1}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"v","id":"e","limit":{"max":1,"windowMs":9007199254740991}}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"e","queue":"default","type":"v","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":1,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":1,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":1}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"e","queue":"default","type":"v","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":1,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":1,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.complete","params":{"id":"e"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":1}}
<< {"jsonrpc":"2.0","id":9,"result":{"id":"e","queue":"default","type":"v","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":1,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":1,"endedAt":1,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"v","id":"f","limit":{"max":1,"windowMs":9007199254740991}}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":null,"disposition":"limited","retryAt":null}}
