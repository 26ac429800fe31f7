package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestKubernetesJobManifest plays the Indexed Job of docs/k8s/sim-job.yaml
// as Kubernetes would: every completion index runs the container's
// command with $(JOB_COMPLETION_INDEX) set (here with 100 games of 2
// turns, not a million, and the sample for the ConfigMap), and the merged parts are
// the report of the whole simulation.
func TestKubernetesJobManifest(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 100 shards")
	}
	b, err := os.ReadFile("../../docs/k8s/sim-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var job struct {
		Kind string
		Spec struct {
			CompletionMode string `yaml:"completionMode"`
			Completions    int
			Template       struct {
				Spec struct {
					Containers []struct{ Command []string }
				}
			}
		}
	}
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	for job.Kind != "Job" {
		if err := dec.Decode(&job); err != nil {
			t.Fatalf("no Job in the manifest: %v", err)
		}
	}
	if job.Spec.CompletionMode != "Indexed" || len(job.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("job %+v", job.Spec)
	}
	results := t.TempDir()
	command := job.Spec.Template.Spec.Containers[0].Command
	if command[0] != "shapan" {
		t.Fatalf("the container runs %q", command[0])
	}
	n := job.Spec.Completions
	var parts []string
	for k := range n {
		var args []string
		for i, a := range command[1:] {
			a = strings.ReplaceAll(a, "$(JOB_COMPLETION_INDEX)", strconv.Itoa(k))
			a = strings.Replace(a, "/scenario/", "../../samples/mbg/", 1)
			a = strings.Replace(a, "/results/", results+"/", 1)
			if i > 0 && command[i] == "--games" {
				a = strconv.Itoa(n)
			}
			args = append(args, a)
		}
		if k == 0 {
			if !strings.Contains(strings.Join(args, " "), "--shard 0/"+strconv.Itoa(n)) {
				t.Fatalf("the command does not shard by the completion index over the completions: %v", command)
			}
			os.MkdirAll(filepath.Dir(args[len(args)-1]), 0o755) // the init container
		}
		if code, _, errOut := runCLI(append(args, "--turns", "2")...); code != 0 {
			t.Fatalf("index %d: exit %d: %s", k, code, errOut)
		}
		parts = append(parts, args[len(args)-1])
	}
	_, want, _ := runCLI("sim", "../../samples/mbg/赤壁.yaml", "--games", strconv.Itoa(n), "--seed", "7", "--turns", "2", "--json")
	code, got, errOut := runCLI(append([]string{"sim", "merge", "--json"}, parts...)...)
	if code != 0 || got != want || !strings.Contains(got, `"requested": 100`) {
		t.Fatalf("merge: exit %d: %s\n%s\nwant\n%s", code, errOut, got, want)
	}
}
