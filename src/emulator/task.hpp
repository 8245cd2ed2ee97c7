#pragma once
// The coroutine type of the block emulator. A logical thread of a block is a
// Task<void> (alias Thread); the block-level algorithms it calls are Task<T>
// coroutines it co_awaits, so a barrier deep inside a helper suspends the
// whole logical thread. Tasks start lazily, run when awaited (or when the
// Block resumes a Thread), and hand control back to their awaiter on
// completion by symmetric transfer, so nesting costs no host stack.
#include <coroutine>
#include <exception>
#include <optional>
#include <utility>

namespace bench::emu {

class Block;

namespace detail {

// What every Task promise shares: who to resume at the end, and the
// exception to rethrow in the awaiter (or in Block::run for a Thread).
struct PromiseBase {
  std::coroutine_handle<> continuation;  // null for a Thread: the Block resumes it
  std::exception_ptr error;

  std::suspend_always initial_suspend() noexcept { return {}; }
  struct FinalAwaiter {
    bool await_ready() const noexcept { return false; }
    template <class Promise>
    std::coroutine_handle<> await_suspend(std::coroutine_handle<Promise> done) const noexcept {
      const std::coroutine_handle<> next = done.promise().continuation;
      return next ? next : std::noop_coroutine();
    }
    void await_resume() const noexcept {}
  };
  FinalAwaiter final_suspend() noexcept { return {}; }
  void unhandled_exception() noexcept { error = std::current_exception(); }
};

template <class T>
struct ValuePromise : PromiseBase {
  std::optional<T> value;
  void return_value(T result) { value.emplace(std::move(result)); }
  T take() { return std::move(*value); }
};

template <>
struct ValuePromise<void> : PromiseBase {
  void return_void() noexcept {}
  void take() noexcept {}
};

}  // namespace detail

template <class T = void>
class [[nodiscard]] Task {
 public:
  struct promise_type : detail::ValuePromise<T> {
    Task get_return_object() noexcept {
      return Task(std::coroutine_handle<promise_type>::from_promise(*this));
    }
  };

  Task(Task&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
  Task& operator=(Task&& other) noexcept {
    if (this != &other) {
      destroy();
      handle_ = std::exchange(other.handle_, {});
    }
    return *this;
  }
  Task(const Task&) = delete;
  Task& operator=(const Task&) = delete;
  ~Task() { destroy(); }

  // Awaiting a task runs it until it suspends (at a barrier: then the whole
  // logical thread is suspended) or returns its value.
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> awaiter) noexcept {
    handle_.promise().continuation = awaiter;
    return handle_;
  }
  T await_resume() {
    if (handle_.promise().error) std::rethrow_exception(handle_.promise().error);
    return handle_.promise().take();
  }

 private:
  friend class Block;
  explicit Task(std::coroutine_handle<promise_type> handle) noexcept : handle_(handle) {}
  void destroy() noexcept {
    if (handle_) handle_.destroy();
  }
  std::coroutine_handle<promise_type> handle_;
};

// A logical thread of an emulated block: the return type of the body given
// to Block::run.
using Thread = Task<void>;

}  // namespace bench::emu
