# A batch longer than --max-batch is refused as a whole: -32004 (name maxBatch), id null.
## args: --clock manual --max-batch 2
>> [{"jsonrpc":"2.0","id":1,"method":"engine.ping"},{"jsonrpc":"2.0","id":2,"method":"engine.ping"},{"jsonrpc":"2.0","id":3,"method":"engine.ping"}]
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32004,"message":"$any:string","data":{"name":"maxBatch","limit":2,"value":3}}}
>> [{"jsonrpc":"2.0","id":4,"method":"engine.ping"},{"jsonrpc":"2.0","id":5,"method":"engine.ping"}]
<< [{"jsonrpc":"2.0","id":4,"result":{"pong":true,"at":0}},{"jsonrpc":"2.0","id":5,"result":{"pong":true,"at":0}}]
