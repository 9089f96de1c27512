# exit with "params": null (as pygls and Emacs's jsonrpc.el send it) is still exit.
>> {"jsonrpc":"2.0","id":1,"method":"shutdown","params":null}
<< {"jsonrpc":"2.0","id":1,"result":null}
>> {"jsonrpc":"2.0","method":"exit","params":null}
