# How a frequency limit and a cooldown decide together, and at which time. protocol.md,
# Frequency limits: `retryAt` is "for the limit, the `max`-th most recent counted show +
# `windowMs`; for the cooldown, the latest show + `cooldownMs`; with both, the later of the
# two (a limit not reached, or a cooldown already over, allows now and adds nothing)"; "A
# show at time s counts at time t while t − s < windowMs"; limits count shows "of alerts of
# that type in any queue, or, with `per: "key"`, of that type with the same `key`"; at
# enqueue "the engine asks whether the alert may show at its `readyAt`, or now"; "defer"
# queues it with readyAt = retryAt, "with no `retryAt` (never), it is dropped as with
# "drop""; a dedupe `allow` makes another alert, which is limited like any; the cooldown
# is "counted like the limit (per type, or per key when `limit.per` is `"key"`)".
## args: --clock manual
# T: 2 shows per 1000 ms, 300 ms apart. a shows at 0. At 100, b: the limit allows (one
# show), the cooldown not until 300: retryAt 300.
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"T","limit":{"max":2,"windowMs":1000},"cooldownMs":300}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"T","priority":null,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":{"max":2,"windowMs":1000,"per":null},"cooldownMs":300,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"T","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"T","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"T","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.complete","params":{"id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"a","queue":"default","type":"T","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":4,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"T","id":"b"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":null,"disposition":"limited","retryAt":300}}
# At 300, c shows in another queue (the limit counts it too). At 400, d: the limit (shows
# at 0 and 300) allows at 0 + 1000, the cooldown at 600: retryAt 1000, the later. e, with
# defer, waits until 1000 and shows then (the show at 0 no longer counts: 1000 − 0 is not
# < 1000).
>> {"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":200}}
<< {"jsonrpc":"2.0","id":6,"result":{"now":300}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"T","id":"c","queue":"other"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"c","queue":"other","type":"T","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":300,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":300,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":300}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"c","queue":"other","type":"T","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":300,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":300,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.complete","params":{"id":"c"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"other","at":300}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"c","queue":"other","type":"T","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":300,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":300,"endedAt":300,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":9,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":9,"result":{"now":400}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"T","id":"d"}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":null,"disposition":"limited","retryAt":1000}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.enqueue","params":{"type":"T","id":"e","onLimit":"defer"}}
<< {"jsonrpc":"2.0","id":11,"result":{"alert":{"id":"e","queue":"default","type":"T","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":400,"readyAt":1000,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":12,"method":"clock.advance","params":{"ms":599}}
<< {"jsonrpc":"2.0","id":12,"result":{"now":999}}
>> {"jsonrpc":"2.0","id":13,"method":"clock.advance","params":{"ms":1}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"e","queue":"default","type":"T","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":400,"readyAt":1000,"expiresAt":null,"durationMs":null,"shownAt":1000,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":1000}}
<< {"jsonrpc":"2.0","id":13,"result":{"now":1000}}
# Judged at readyAt. L: one show per 1000 ms; s shows at 0 (queue x). At 100: "late"
# (ready at 1000) is allowed, "early" (ready at 999) is limited with retryAt 1000, "d2"
# (defer, ready at 600) is queued for 1000, and "abs" (at: 1000) is allowed.
>> {"jsonrpc":"2.0","id":14,"method":"engine.reset"}
<< {"jsonrpc":"2.0","id":14,"result":null}
>> {"jsonrpc":"2.0","id":15,"method":"alert.defineType","params":{"type":"L","limit":{"max":1,"windowMs":1000}}}
<< {"jsonrpc":"2.0","id":15,"result":{"type":"L","priority":null,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":{"max":1,"windowMs":1000,"per":null},"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":16,"method":"alert.enqueue","params":{"type":"L","id":"s","queue":"x"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"s","queue":"x","type":"L","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":16,"result":{"alert":{"id":"s","queue":"x","type":"L","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":17,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":17,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":18,"method":"alert.enqueue","params":{"type":"L","id":"late","delayMs":900}}
<< {"jsonrpc":"2.0","id":18,"result":{"alert":{"id":"late","queue":"default","type":"L","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":100,"readyAt":1000,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":19,"method":"alert.enqueue","params":{"type":"L","id":"early","delayMs":899}}
<< {"jsonrpc":"2.0","id":19,"result":{"alert":null,"disposition":"limited","retryAt":1000}}
>> {"jsonrpc":"2.0","id":20,"method":"alert.enqueue","params":{"type":"L","id":"d2","delayMs":500,"onLimit":"defer"}}
<< {"jsonrpc":"2.0","id":20,"result":{"alert":{"id":"d2","queue":"default","type":"L","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":100,"readyAt":1000,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":21,"method":"alert.enqueue","params":{"type":"L","id":"abs","at":1000}}
<< {"jsonrpc":"2.0","id":21,"result":{"alert":{"id":"abs","queue":"default","type":"L","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":100,"readyAt":1000,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
# Per key, ever: K allows one show per key. ka (key a) shows; kb (key b) is queued; another
# alert of key a (allow) is limited, retryAt null; with defer too (no retryAt: dropped).
>> {"jsonrpc":"2.0","id":22,"method":"alert.defineType","params":{"type":"K","limit":{"max":1,"per":"key"}}}
<< {"jsonrpc":"2.0","id":22,"result":{"type":"K","priority":null,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":{"max":1,"windowMs":null,"per":"key"},"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":23,"method":"alert.enqueue","params":{"type":"K","id":"ka","key":"a","queue":"keys"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"ka","queue":"keys","type":"K","priority":0,"state":"showing","scope":null,"key":"a","data":null,"result":null,"seq":5,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":23,"result":{"alert":{"id":"ka","queue":"keys","type":"K","priority":0,"state":"showing","scope":null,"key":"a","data":null,"result":null,"seq":5,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":24,"method":"alert.enqueue","params":{"type":"K","id":"kb","key":"b","queue":"keys"}}
<< {"jsonrpc":"2.0","id":24,"result":{"alert":{"id":"kb","queue":"keys","type":"K","priority":0,"state":"pending","scope":null,"key":"b","data":null,"result":null,"seq":6,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":25,"method":"alert.enqueue","params":{"type":"K","id":"ka2","key":"a","queue":"keys","onDuplicate":"allow"}}
<< {"jsonrpc":"2.0","id":25,"result":{"alert":null,"disposition":"limited","retryAt":null}}
>> {"jsonrpc":"2.0","id":26,"method":"alert.enqueue","params":{"type":"K","id":"ka3","key":"a","queue":"keys","onDuplicate":"allow","onLimit":"defer"}}
<< {"jsonrpc":"2.0","id":26,"result":{"alert":null,"disposition":"limited","retryAt":null}}
# Cooldown per key: C counts per key (max 100), 500 ms apart. At 100, ca (key a) and cb
# (key b) both show; at 200, another of key a is limited until 100 + 500 = 600. D has a
# cooldown and no limit, so it counts per type: da (key a) shows at 200, db (key b) is
# limited until 700.
>> {"jsonrpc":"2.0","id":27,"method":"alert.defineType","params":{"type":"C","limit":{"max":100,"per":"key"},"cooldownMs":500}}
<< {"jsonrpc":"2.0","id":27,"result":{"type":"C","priority":null,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":{"max":100,"windowMs":null,"per":"key"},"cooldownMs":500,"onLimit":null}}
>> {"jsonrpc":"2.0","id":28,"method":"alert.enqueue","params":{"type":"C","id":"ca","key":"a","queue":"qa"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"ca","queue":"qa","type":"C","priority":0,"state":"showing","scope":null,"key":"a","data":null,"result":null,"seq":7,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":28,"result":{"alert":{"id":"ca","queue":"qa","type":"C","priority":0,"state":"showing","scope":null,"key":"a","data":null,"result":null,"seq":7,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":29,"method":"alert.enqueue","params":{"type":"C","id":"cb","key":"b","queue":"qb"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"cb","queue":"qb","type":"C","priority":0,"state":"showing","scope":null,"key":"b","data":null,"result":null,"seq":8,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":29,"result":{"alert":{"id":"cb","queue":"qb","type":"C","priority":0,"state":"showing","scope":null,"key":"b","data":null,"result":null,"seq":8,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":30,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","id":30,"result":{"now":200}}
>> {"jsonrpc":"2.0","id":31,"method":"alert.enqueue","params":{"type":"C","id":"ca2","key":"a","queue":"qc"}}
<< {"jsonrpc":"2.0","id":31,"result":{"alert":null,"disposition":"limited","retryAt":600}}
>> {"jsonrpc":"2.0","id":32,"method":"alert.enqueue","params":{"type":"D","id":"da","key":"a","queue":"qd","cooldownMs":500}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"da","queue":"qd","type":"D","priority":0,"state":"showing","scope":null,"key":"a","data":null,"result":null,"seq":9,"createdAt":200,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":200,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":200}}
<< {"jsonrpc":"2.0","id":32,"result":{"alert":{"id":"da","queue":"qd","type":"D","priority":0,"state":"showing","scope":null,"key":"a","data":null,"result":null,"seq":9,"createdAt":200,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":200,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":33,"method":"alert.enqueue","params":{"type":"D","id":"db","key":"b","queue":"qe","cooldownMs":500}}
<< {"jsonrpc":"2.0","id":33,"result":{"alert":null,"disposition":"limited","retryAt":700}}
