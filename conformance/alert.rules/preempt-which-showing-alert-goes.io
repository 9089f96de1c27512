# Which showing alert a preempting one displaces, and how the pump repeats. protocol.md,
# The pump: step 1 fills free slots with the best eligible alert; step 2, "the best eligible
# alert *that has `preempt`* (priority, then `seq`) displaces the lowest-priority showing
# alert (ties: the most recently shown; of two shown in the same millisecond, the one shown
# later) if its own priority is strictly greater ... This repeats until no preempting alert
# beats the lowest showing one."
## args: --clock manual
# maxConcurrent 3. b (priority 1) shows at 0, a (priority 1, seq 1) at 10, hi (3) at 20.
# p (2, preempt) displaces a: the lowest priority is 1 (a and b), and of those a showed
# last, though its seq is the smaller; hi, shown latest of all, has a higher priority.
>> {"jsonrpc":"2.0","id":1,"method":"alert.configure","params":{"maxConcurrent":3}}
<< {"jsonrpc":"2.0","id":1,"result":{"queue":"default","maxConcurrent":3,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"a","priority":1,"delayMs":10}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":1,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"b","priority":1}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":10}}
<< {"jsonrpc":"2.0","id":4,"result":{"now":10}}
>> {"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":10}}
<< {"jsonrpc":"2.0","id":5,"result":{"now":20}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"hi","priority":3}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"hi","queue":"default","type":"t","priority":3,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":20,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":20,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":20}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"hi","queue":"default","type":"t","priority":3,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":20,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":20,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","id":"p","priority":2,"preempt":true}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"a","queue":"default","reason":"preempted","at":20}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p","queue":"default","type":"t","priority":2,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":20,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":20,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":20}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"p","queue":"default","type":"t","priority":2,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":20,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":20,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
# Same millisecond: x (seq 2) shows first, then y (seq 1, waiting for its page) when the
# page comes, both at 0. q displaces y, the one shown later, whatever their seq; the
# showing list keeps the order they were shown in (x, then q).
>> {"jsonrpc":"2.0","id":8,"method":"engine.reset"}
<< {"jsonrpc":"2.0","id":8,"result":null}
>> {"jsonrpc":"2.0","id":9,"method":"alert.configure","params":{"maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":9,"result":{"queue":"default","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"t","id":"y","scope":"room"}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"y","queue":"default","type":"t","priority":0,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.enqueue","params":{"type":"t","id":"x"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":11,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":12,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"y","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":12,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":13,"method":"alert.enqueue","params":{"type":"t","id":"q","priority":1,"preempt":true}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"y","queue":"default","reason":"preempted","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"q","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":13,"result":{"alert":{"id":"q","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":14,"method":"alert.list","params":{"states":["showing"]}}
<< {"jsonrpc":"2.0","id":14,"result":{"alerts":[{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},{"id":"q","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false}]}}
# Repeats: l1 and l2 (0) show; pa and pb (5, preempt) become ready at 10 and displace
# both, pa first (seq) taking l2's place (shown later), then pb taking l1's.
>> {"jsonrpc":"2.0","id":15,"method":"engine.reset"}
<< {"jsonrpc":"2.0","id":15,"result":null}
>> {"jsonrpc":"2.0","id":16,"method":"alert.configure","params":{"maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":16,"result":{"queue":"default","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":17,"method":"alert.enqueue","params":{"type":"t","id":"l1"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"l1","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":17,"result":{"alert":{"id":"l1","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":18,"method":"alert.enqueue","params":{"type":"t","id":"l2"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"l2","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":18,"result":{"alert":{"id":"l2","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":19,"method":"alert.enqueue","params":{"type":"t","id":"pa","priority":5,"preempt":true,"delayMs":10}}
<< {"jsonrpc":"2.0","id":19,"result":{"alert":{"id":"pa","queue":"default","type":"t","priority":5,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":20,"method":"alert.enqueue","params":{"type":"t","id":"pb","priority":5,"preempt":true,"delayMs":10}}
<< {"jsonrpc":"2.0","id":20,"result":{"alert":{"id":"pb","queue":"default","type":"t","priority":5,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":21,"method":"clock.advance","params":{"ms":10}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"l2","queue":"default","reason":"preempted","at":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"pa","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":10}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"l1","queue":"default","reason":"preempted","at":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"pb","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":10}}
<< {"jsonrpc":"2.0","id":21,"result":{"now":10}}
# Fill first, then preempt: x (0) shows in a queue of 2; p (5, preempt) and w (9, no
# preempt) become ready at 10. Step 1 gives the free slot to the best eligible, w; the
# queue is then full and p displaces x (5 > 0).
>> {"jsonrpc":"2.0","id":22,"method":"engine.reset"}
<< {"jsonrpc":"2.0","id":22,"result":null}
>> {"jsonrpc":"2.0","id":23,"method":"alert.configure","params":{"maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":23,"result":{"queue":"default","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":24,"method":"alert.enqueue","params":{"type":"t","id":"x"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":24,"result":{"alert":{"id":"x","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":25,"method":"alert.enqueue","params":{"type":"t","id":"p","priority":5,"preempt":true,"delayMs":10}}
<< {"jsonrpc":"2.0","id":25,"result":{"alert":{"id":"p","queue":"default","type":"t","priority":5,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":26,"method":"alert.enqueue","params":{"type":"t","id":"w","priority":9,"delayMs":10}}
<< {"jsonrpc":"2.0","id":26,"result":{"alert":{"id":"w","queue":"default","type":"t","priority":9,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":27,"method":"clock.advance","params":{"ms":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"w","queue":"default","type":"t","priority":9,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":10}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"x","queue":"default","reason":"preempted","at":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":10}}
<< {"jsonrpc":"2.0","id":27,"result":{"now":10}}
