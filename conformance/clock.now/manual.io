# clock.now reports the engine time and the clock mode.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"clock.now"}
<< {"jsonrpc":"2.0","id":1,"result":{"now":0,"mode":"manual"}}
>> {"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":1234}}
<< {"jsonrpc":"2.0","id":2,"result":{"now":1234}}
>> {"jsonrpc":"2.0","id":3,"method":"clock.now"}
<< {"jsonrpc":"2.0","id":3,"result":{"now":1234,"mode":"manual"}}
