# End of input after shutdown (and no exit): the process exits 0, as without shutdown
# (protocol.md, Lifecycle: "End of input: ... output is flushed and the process exits 0";
# status 1 is only for an exit without shutdown). After shutdown the alert still showing
# and the timers still set write nothing more: a clock.advance past them is refused
# ("every request but exit gets -32003 shut_down") and fires none ("timers stop, so no
# event follows the shutdown response"). Without shutdown: lifecycle/eof-exits-0.io.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"b","delayMs":100}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"shutdown"}
<< {"jsonrpc":"2.0","id":3,"result":null}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":200}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32003,"message":"$any:string","data":{"reason":"shut_down"}}}
