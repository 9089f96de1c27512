# On the system clock the time moves by itself; the mode says so.
>> {"jsonrpc":"2.0","id":1,"method":"clock.now"}
<< {"jsonrpc":"2.0","id":1,"result":{"now":"$any:integer","mode":"system"}}
