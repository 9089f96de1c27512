# A dedupe replace that lowers a showing alert's priority lets a waiting preempting alert
# of higher priority take its place in the same request. protocol.md, Dedupe: "A lowered
# priority of a showing alert can let a waiting `preempt` alert of higher priority take its
# place in the same request"; "If it is showing and something changed, `alert.update` is
# sent". The request's own change comes first (alert.update), then its pump (hide, show);
# the answer is the alert after the pump ("The alert is returned as it is after the
# request's pump"): suspended.
## args: --clock manual
# s (10, key k) shows; w (6, no preempt) and p (5, preempt) wait: 5 < 10, no preemption.
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"s","key":"k","priority":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"s","queue":"default","type":"t","priority":10,"state":"showing","scope":null,"key":"k","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"s","queue":"default","type":"t","priority":10,"state":"showing","scope":null,"key":"k","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"w","priority":6}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"w","queue":"default","type":"t","priority":6,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"p","priority":5,"preempt":true}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"p","queue":"default","type":"t","priority":5,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
# s drops to 1: p (5) displaces it; w, without preempt, keeps waiting.
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","key":"k","priority":1}}
<< {"jsonrpc":"2.0","method":"alert.update","params":{"alert":{"id":"s","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":"k","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"at":0}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"s","queue":"default","reason":"preempted","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"s","queue":"default","type":"t","priority":1,"state":"suspended","scope":null,"key":"k","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"replaced"}}
# p closes: w (6) shows before s (1).
>> {"jsonrpc":"2.0","id":5,"method":"alert.complete","params":{"id":"p"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"w","queue":"default","type":"t","priority":6,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"p","queue":"default","type":"t","priority":5,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
