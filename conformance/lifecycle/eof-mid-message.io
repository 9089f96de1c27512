# End of input in the middle of a message: the partial message is dropped (nothing is
# written for it) and the process exits 0.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>>raw "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"eng"
