# requests counts a batch refused whole as one message: one over --max-batch (-32004) and
# an empty one (-32600), then the engine.stats request itself: 3.
## args: --clock manual --max-batch 2
>> [{"jsonrpc":"2.0","id":1,"method":"engine.ping"},{"jsonrpc":"2.0","id":2,"method":"engine.ping"},{"jsonrpc":"2.0","id":3,"method":"engine.ping"}]
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32004,"message":"$any:string","data":{"name":"maxBatch","limit":2,"value":3}}}
>> []
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"empty_batch"}}}
>> {"jsonrpc":"2.0","id":4,"method":"engine.stats"}
<< {"jsonrpc":"2.0","id":4,"result":{"layers":0,"alerts":{"scheduled":0,"pending":0,"showing":0,"suspended":0,"ended":0},"requests":3,"uptimeMs":"$any:integer","state":null}}
