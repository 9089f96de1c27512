# A limit used up while an alert waits: at its turn to show, onLimit drop ends it cancelled
# with endReason limited (no hide: it never showed); onLimit defer sends it back to scheduled
# until retryAt (alert.changed reason deferred) and it shows then.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["alert.changed"]}}
<< {"jsonrpc":"2.0","id":1,"result":{"topics":["alert.changed"]}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.defineType","params":{"type":"promo","limit":{"max":1,"windowMs":1000}}}
<< {"jsonrpc":"2.0","id":2,"result":{"type":"promo","priority":null,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":{"max":1,"windowMs":1000,"per":null},"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"blocker","id":"blocker"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"blocker","queue":"default","state":"showing","previous":"pending","reason":"shown","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"blocker","queue":"default","type":"blocker","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"blocker","queue":"default","type":"blocker","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"promo","id":"first"}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"first","queue":"default","type":"promo","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"promo","id":"dropped"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"dropped","queue":"default","type":"promo","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"promo","id":"deferred","onLimit":"defer"}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"deferred","queue":"default","type":"promo","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.complete","params":{"id":"blocker"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"blocker","queue":"default","state":"done","previous":"showing","reason":"completed","at":0}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"first","queue":"default","state":"showing","previous":"pending","reason":"shown","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"first","queue":"default","type":"promo","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"id":"blocker","queue":"default","type":"blocker","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.complete","params":{"id":"first"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"first","queue":"default","state":"done","previous":"showing","reason":"completed","at":0}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"dropped","queue":"default","state":"cancelled","previous":"pending","reason":"limited","at":0}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"deferred","queue":"default","state":"scheduled","previous":"pending","reason":"deferred","at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"first","queue":"default","type":"promo","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":9,"method":"clock.advance","params":{"ms":1000}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"deferred","queue":"default","state":"pending","previous":"scheduled","reason":"ready","at":1000}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"deferred","queue":"default","state":"showing","previous":"pending","reason":"shown","at":1000}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"deferred","queue":"default","type":"promo","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":1000,"expiresAt":null,"durationMs":null,"shownAt":1000,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":1000}}
<< {"jsonrpc":"2.0","id":9,"result":{"now":1000}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.get","params":{"id":"dropped"}}
<< {"jsonrpc":"2.0","id":10,"result":{"id":"dropped","queue":"default","type":"promo","priority":0,"state":"cancelled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":0,"endReason":"limited","shownCount":0,"mount":null,"persist":false}}
