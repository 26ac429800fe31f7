package editor

import (
	"bytes"
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage/repository"

	"github.com/shapan/shapan/formats"
)

// Fyne's file dialogs hand the chosen file to their caller as a writer
// they open themselves, which empties the file at once: a save that then
// failed would leave nothing of the old file. The studio only needs the
// path (it saves with formats.Write, atomically), so the file repository
// is wrapped: its writers write nothing until something is written to
// them, and then atomically when they are closed. The dialogs' callers
// close the writer unused and save to its path.

// atomicFiles is Fyne's file repository with lazy, atomic writers.
type atomicFiles struct {
	repository.Repository
}

// useAtomicFiles wraps the registered file repository once.
func useAtomicFiles() {
	repo, err := repository.ForScheme("file")
	if err != nil {
		return
	}
	if _, done := repo.(*atomicFiles); done {
		return
	}
	repository.Register("file", &atomicFiles{repo})
}

// Writer returns a writer that writes nothing until it is written to, and
// then replaces the file atomically when it is closed.
func (r *atomicFiles) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	return &atomicWriter{uri: u}, nil
}

// CanWrite implements repository.WritableRepository.
func (r *atomicFiles) CanWrite(u fyne.URI) (bool, error) {
	if w, ok := r.Repository.(repository.WritableRepository); ok {
		return w.CanWrite(u)
	}
	return false, repository.ErrOperationNotSupported
}

// Delete implements repository.WritableRepository.
func (r *atomicFiles) Delete(u fyne.URI) error {
	if w, ok := r.Repository.(repository.WritableRepository); ok {
		return w.Delete(u)
	}
	return repository.ErrOperationNotSupported
}

// Parent implements repository.HierarchicalRepository.
func (r *atomicFiles) Parent(u fyne.URI) (fyne.URI, error) {
	if h, ok := r.Repository.(repository.HierarchicalRepository); ok {
		return h.Parent(u)
	}
	return repository.GenericParent(u)
}

// Child implements repository.HierarchicalRepository.
func (r *atomicFiles) Child(u fyne.URI, name string) (fyne.URI, error) {
	if h, ok := r.Repository.(repository.HierarchicalRepository); ok {
		return h.Child(u, name)
	}
	return repository.GenericChild(u, name)
}

// CanList implements repository.ListableRepository.
func (r *atomicFiles) CanList(u fyne.URI) (bool, error) {
	if l, ok := r.Repository.(repository.ListableRepository); ok {
		return l.CanList(u)
	}
	return false, repository.ErrOperationNotSupported
}

// List implements repository.ListableRepository.
func (r *atomicFiles) List(u fyne.URI) ([]fyne.URI, error) {
	if l, ok := r.Repository.(repository.ListableRepository); ok {
		return l.List(u)
	}
	return nil, repository.ErrOperationNotSupported
}

// CreateListable implements repository.ListableRepository.
func (r *atomicFiles) CreateListable(u fyne.URI) error {
	if l, ok := r.Repository.(repository.ListableRepository); ok {
		return l.CreateListable(u)
	}
	return repository.ErrOperationNotSupported
}

// atomicWriter collects what is written and replaces the file with it
// when it is closed, if anything was written.
type atomicWriter struct {
	uri     fyne.URI
	buf     bytes.Buffer
	written bool
	closed  bool
}

func (w *atomicWriter) URI() fyne.URI { return w.uri }

func (w *atomicWriter) Write(p []byte) (int, error) {
	if w.closed {
		return 0, errors.New("editor: write to a closed file")
	}
	w.written = true
	return w.buf.Write(p)
}

func (w *atomicWriter) Close() error {
	if w.closed || !w.written {
		w.closed = true
		return nil
	}
	w.closed = true
	return formats.WriteFileAtomic(w.uri.Path(), w.buf.Bytes())
}

// Appender implements repository.AppendableRepository.
func (r *atomicFiles) Appender(u fyne.URI) (fyne.URIWriteCloser, error) {
	if a, ok := r.Repository.(repository.AppendableRepository); ok {
		return a.Appender(u)
	}
	return nil, repository.ErrOperationNotSupported
}

// DeleteAll implements repository.DeleteAllRepository.
func (r *atomicFiles) DeleteAll(u fyne.URI) error {
	if d, ok := r.Repository.(repository.DeleteAllRepository); ok {
		return d.DeleteAll(u)
	}
	return repository.GenericDeleteAll(u)
}

// Copy implements repository.CopyableRepository.
func (r *atomicFiles) Copy(from, to fyne.URI) error {
	if c, ok := r.Repository.(repository.CopyableRepository); ok {
		return c.Copy(from, to)
	}
	return repository.GenericCopy(from, to)
}

// Move implements repository.MovableRepository.
func (r *atomicFiles) Move(from, to fyne.URI) error {
	if m, ok := r.Repository.(repository.MovableRepository); ok {
		return m.Move(from, to)
	}
	return repository.GenericMove(from, to)
}
