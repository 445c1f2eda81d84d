package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// ruleAcyclic: the step graph has no cycle (a step may not read, directly or
// through other steps, its own output).
var ruleAcyclic = Rule{
	Name:    "acyclic",
	Summary: "the graph of steps is acyclic",
	Codes:   []string{CodeCycle},
	Check: func(c *Checker) {
		for _, pp := range c.pipes {
			if cyc := findCycle(pp); cyc != nil {
				st := pp.steps[cyc[0]]
				c.report(CodeCycle, diag.Error, st.Pos, pp.path(st.ID), "a step must read extracts or earlier steps only",
					fmt.Sprintf("steps form a cycle: %s", strings.Join(cyc, " -> ")))
			}
		}
	},
}

// findCycle returns the first cycle of steps found (in declaration order),
// closed by its first step, or nil.
func findCycle(pp *pipe) []string {
	const (
		white = iota
		grey
		black
	)
	color := map[string]int{}
	var stack []string
	var visit func(id string) []string
	visit = func(id string) []string {
		color[id] = grey
		stack = append(stack, id)
		for _, b := range pp.steps[id].Inputs {
			next := b.From.Node
			if _, ok := pp.steps[next]; !ok {
				continue
			}
			switch color[next] {
			case grey:
				return cycleFrom(stack, next)
			case white:
				if cyc := visit(next); cyc != nil {
					return cyc
				}
			}
		}
		stack = stack[:len(stack)-1]
		color[id] = black
		return nil
	}
	for _, st := range pp.p.Steps {
		if color[st.ID] == white {
			if cyc := visit(st.ID); cyc != nil {
				return cyc
			}
		}
	}
	return nil
}

func cycleFrom(stack []string, start string) []string {
	for i, id := range stack {
		if id == start {
			return append(append([]string(nil), stack[i:]...), start)
		}
	}
	return nil
}
