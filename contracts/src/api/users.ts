// The /users calls of spec section 7 (Users and identity) and their neighbours, declared with defineCall.
export {};
