package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	pkgs := flag.Bool("pkgs", false, "print the packages with live tests, space separated")
	run := flag.Bool("run", false, "print the live tests as one go test -run pattern")
	root := flag.String("root", ".", "the module's root")
	flag.Parse()
	found, err := find(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "livetests:", err)
		os.Exit(1)
	}
	print(os.Stdout, found, *pkgs, *run)
}

// print writes the packages, the -run pattern, or package and test per line.
func print(w io.Writer, found []livePackage, pkgs, run bool) {
	var dirs, tests []string
	seen := map[string]bool{}
	for _, p := range found {
		dirs = append(dirs, p.Dir)
		for _, t := range p.Tests {
			if !pkgs && !run {
				fmt.Fprintln(w, p.Dir, t)
			}
			if !seen[t] {
				seen[t] = true
				tests = append(tests, t)
			}
		}
	}
	switch {
	case pkgs:
		fmt.Fprintln(w, strings.Join(dirs, " "))
	case run:
		fmt.Fprintf(w, "^(%s)$\n", strings.Join(tests, "|"))
	}
}
