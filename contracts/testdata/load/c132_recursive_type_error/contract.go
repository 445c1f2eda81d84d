// Package case132 is a contract loader test case: a struct type that contains itself.
package case132

// Node is a tree node.
// +etl:contract id=node version=1.0.0
type Node struct {
	// Name names the node.
	Name string `json:"name"`
	// Children are the node's children.
	Children []Node `json:"children"`
	// Parent is the parent node.
	Parent *Node `json:"parent"`
}
