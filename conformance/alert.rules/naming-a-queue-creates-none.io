# Only an enqueue that creates an alert, an alert.configure that changes a setting and an
# alert.pause create a queue. Naming queue B anywhere else creates none: a type whose queue
# is B, alert.list, alert.clear, alert.cancel, alert.resume, a reading alert.configure and
# alert.history answer as for an empty queue with the default settings. So B is created by
# b1, after A (created by a1), and when page p comes both show in creation order, a1 then
# b1; had any of the first seven requests created B, b1 would show first (docs: queues).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"d","queue":"B"}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"d","priority":null,"scope":null,"durationMs":null,"ttlMs":null,"queue":"B","persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.list","params":{"queue":"B"}}
<< {"jsonrpc":"2.0","id":2,"result":{"alerts":[]}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.clear","params":{"queue":"B"}}
<< {"jsonrpc":"2.0","id":3,"result":{"removed":0}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.cancel","params":{"queue":"B"}}
<< {"jsonrpc":"2.0","id":4,"result":{"cancelled":[]}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.resume","params":{"queue":"B"}}
<< {"jsonrpc":"2.0","id":5,"result":{"paused":false,"reasons":[]}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.configure","params":{"queue":"B"}}
<< {"jsonrpc":"2.0","id":6,"result":{"queue":"B","maxConcurrent":1,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.history","params":{"queue":"B"}}
<< {"jsonrpc":"2.0","id":7,"result":{"shows":[]}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"u","id":"a1","queue":"A","scope":"p"}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"a1","queue":"A","type":"u","priority":0,"state":"pending","scope":"p","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.enqueue","params":{"type":"d","id":"b1","scope":"p"}}
<< {"jsonrpc":"2.0","id":9,"result":{"alert":{"id":"b1","queue":"B","type":"d","priority":0,"state":"pending","scope":"p","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":10,"method":"nav.push","params":{"scope":"p"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a1","queue":"A","type":"u","priority":0,"state":"showing","scope":"p","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b1","queue":"B","type":"d","priority":0,"state":"showing","scope":"p","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":10,"result":{"stack":["p"],"active":"p"}}
