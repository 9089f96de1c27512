# A preempting alert whose frequency limit was used up after its enqueue displaces nothing
# at its turn. protocol.md, The pump: "Before an alert's first show ... its frequency limit
# is checked; an alert the limit forbids is dropped or deferred and the pump goes on with
# the next one. The check comes before anything is displaced." Frequency limits, at its
# turn to show: "drop" ends it cancelled, endReason limited (no alert.hide); "defer" sends
# it back to scheduled until retryAt (the max-th most recent show + windowMs).
## args: --clock manual
# Type L: one show per 10000 ms. low shows. p (5, drop) and p2 (4, defer), both preempt,
# are allowed at enqueue (no show of L yet) and ready at 100; o, of type L in another
# queue, then shows at 0 and uses up the limit.
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"L","limit":{"max":1,"windowMs":10000}}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"L","priority":null,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":{"max":1,"windowMs":10000,"per":null},"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"low"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"low","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"low","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"L","id":"p","priority":5,"preempt":true,"delayMs":100}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"p","queue":"default","type":"L","priority":5,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"L","id":"p2","priority":4,"preempt":true,"delayMs":100,"onLimit":"defer"}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"p2","queue":"default","type":"L","priority":4,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"L","id":"o","queue":"other"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"o","queue":"other","type":"L","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"o","queue":"other","type":"L","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"events.subscribe","params":{"topics":["alert.changed"]}}
<< {"jsonrpc":"2.0","id":6,"result":{"topics":["alert.changed"]}}
# At 100 both become ready; at their turn p is limited and p2 deferred to 10000; low is
# never hidden and keeps showing.
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"p","queue":"default","state":"pending","previous":"scheduled","reason":"ready","at":100}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"p2","queue":"default","state":"pending","previous":"scheduled","reason":"ready","at":100}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"p","queue":"default","state":"cancelled","previous":"pending","reason":"limited","at":100}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"p2","queue":"default","state":"scheduled","previous":"pending","reason":"deferred","at":100}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.list","params":{"queue":"default"}}
<< {"jsonrpc":"2.0","id":8,"result":{"alerts":[{"id":"low","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},{"id":"p2","queue":"default","type":"L","priority":4,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":10000,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},{"id":"p","queue":"default","type":"L","priority":5,"state":"cancelled","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":100,"endReason":"limited","shownCount":0,"mount":null,"persist":false}]}}
# At 10000 o's show no longer counts: p2 becomes ready and now displaces low.
>> {"jsonrpc":"2.0","id":9,"method":"clock.advance","params":{"ms":9900}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"p2","queue":"default","state":"pending","previous":"scheduled","reason":"ready","at":10000}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"low","queue":"default","state":"suspended","previous":"showing","reason":"preempted","at":10000}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"low","queue":"default","reason":"preempted","at":10000}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"p2","queue":"default","state":"showing","previous":"pending","reason":"shown","at":10000}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p2","queue":"default","type":"L","priority":4,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":10000,"expiresAt":null,"durationMs":null,"shownAt":10000,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":10000}}
<< {"jsonrpc":"2.0","id":9,"result":{"now":10000}}
